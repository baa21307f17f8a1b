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
