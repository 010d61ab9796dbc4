/** The date on the person's clock (not UTC) as YYYY-MM-DD: what "today" means for daily notes and compile stamps. */
export function localDate(d: Date = new Date()): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}
