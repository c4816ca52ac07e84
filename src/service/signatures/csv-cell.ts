// One CSV cell that a spreadsheet reads as the text it is: quoted (RFC 4180), and neutralised
// when it starts with a character a spreadsheet would take as the start of a formula.

/** `=`, `+`, `-`, `@` start formulas; a leading tab or carriage return can hide one behind it. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return text.includes('"') ? `"${text.replaceAll('"', '""')}"` : `"${text}"`;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
