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

/**
 * Reads CSV text as RFC 4180 describes it: fields split by commas, a field in double quotes may hold commas, line breaks
 * and doubled quotes (""), lines end in LF or CRLF. A leading byte-order mark (a spreadsheet's "CSV UTF-8") is dropped.
 * Returns each record with the line it starts on (1-based), blank lines left out.
 */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let touched = false;
  const end = () => {
    cells.push(cell);
    if (touched || cells.length > 1 || cells[0] !== '') records.push({ line: start, cells });
    cells = [];
    cell = '';
    touched = false;
  };
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell === '') {
      quoted = true;
      touched = true;
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      end();
      line++;
      start = line;
    } else cell += ch;
  }
  if (cell !== '' || cells.length > 0 || touched) end();
  return records;
}
