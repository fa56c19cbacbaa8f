/**
 * Hands a downloaded file to the browser as a save, under its name: a temporary object URL on a
 * link with `download`, clicked once and released after the click has been handled.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns; release it on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
