/**
 * Whether the page at `location` is a 3D-print page, where the search box is in print-ready mode
 * (spec §2: `print_ready=1`): the print listing and its categories, and search results already
 * limited to print models.
 */
export function isPrintPage(
  location: { pathname: string; search: string },
  paths: { printListing: string; search: string },
): boolean {
  let pathname: string;
  try {
    pathname = decodeURI(location.pathname);
  } catch {
    return false;
  }
  if (pathname === paths.printListing || pathname.startsWith(`${paths.printListing}/`)) return true;
  return pathname === paths.search && new URLSearchParams(location.search).get('print_ready') === '1';
}
