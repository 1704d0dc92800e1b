/** Long enough for the browser to start the download before the object URL goes. */
const revokeAfterMs = 60_000;

/** Hands a downloaded file to the browser to save under `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => {
    URL.revokeObjectURL(url);
  }, revokeAfterMs);
}
