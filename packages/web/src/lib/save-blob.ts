/**
 * Saves a blob under a name through a temporary link, or opens it in a new tab (`inline`): the API needs the
 * bearer token, so no plain link can fetch the file.
 */
export function saveBlob(blob: Blob, name: string, inline = false): void {
  const url = URL.createObjectURL(blob);
  if (inline) {
    window.open(url, '_blank', 'noopener');
  } else {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  }
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
