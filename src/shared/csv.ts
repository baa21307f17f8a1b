// CSV as spreadsheets read it (RFC 4180): a field with a comma, a quote or a line break is quoted, quotes doubled, lines
// ended CRLF. A field a spreadsheet would run as a formula (=, +, -, @, tab or CR first) is prefixed with ' (OWASP's
// advice against CSV injection): a student's name is text, never a formula on the instructor's machine.

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header row and the data rows as one CSV text. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}
