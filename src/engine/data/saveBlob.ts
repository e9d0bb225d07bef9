/**
 * Hands a file made in the browser (an export, a template, a schema) to the browser's download.
 * The address is kept for a while: some browsers read it after the click has returned.
 */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
