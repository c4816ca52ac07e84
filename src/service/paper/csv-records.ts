// Reads CSV text as RFC 4180 writes it: fields separated by commas, records by CRLF (a bare LF
// is taken too, as spreadsheets on some systems write it), a field in double quotes may hold
// commas, line breaks and doubled quotes. A byte order mark at the start is dropped.

export type CsvRead = { ok: true; records: string[][] } | { ok: false; problem: string };

export function readCsvRecords(text: string): CsvRead {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let i = text.startsWith('\uFEFF') ? 1 : 0;
  const endRecord = () => {
    record.push(cell);
    records.push(record);
    record = [];
    cell = '';
  };
  for (; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (char === '"') {
      if (cell !== '') return { ok: false, problem: `Record ${records.length + 1} has a quote inside an unquoted field: put the whole field in double quotes and double the quote` };
      quoted = true;
    } else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else cell += char;
  }
  if (quoted) return { ok: false, problem: `Record ${records.length + 1} opens a quote that is never closed` };
  if (cell !== '' || record.length > 0) endRecord();
  // Blank lines (a spreadsheet's trailing ones) are no records.
  return { ok: true, records: records.filter((cells) => cells.length > 1 || cells[0] !== '') };
}
