// The part of mailparser (3.9.0, which ships no types) that the mail tests use.
declare module 'mailparser' {
  export interface ParsedMail {
    subject?: string;
    text?: string;
    from?: { text: string };
    to?: { text: string } | Array<{ text: string }>;
    headers: Map<string, unknown>;
  }
  export function simpleParser(source: Buffer | string): Promise<ParsedMail>;
}
