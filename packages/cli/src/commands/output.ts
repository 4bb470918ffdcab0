/** Text a client command prints: aligned columns for lists, aligned fields for one resource. */

/** Rows under upper-case headers, each column as wide as its widest cell; the last column is not padded. */
export function table(columns: readonly string[], rows: ReadonlyArray<readonly string[]>): string[] {
  const widths = columns.map((column, i) => Math.max(column.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(columns.map((column) => column.toUpperCase())), ...rows.map(line)];
}

/** `name  value` lines, names aligned; fields without a value are left out. */
export function fields(pairs: ReadonlyArray<readonly [string, string | null | undefined]>): string[] {
  const shown = pairs.filter((pair): pair is readonly [string, string] => pair[1] !== null && pair[1] !== undefined && pair[1] !== '');
  const width = Math.max(0, ...shown.map(([name]) => name.length));
  return shown.map(([name, value]) => `${name.padEnd(width)}  ${value}`);
}

/** A value as a cell: null and undefined as `-`, everything else as text. */
export function cell(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
