import { afterEach, beforeEach, vi } from 'vitest';

/** A file the app asked the browser to save: the link's file name and the object URL's content. */
export interface SavedFile {
  name: string;
  content: Promise<string>;
}

/**
 * Records what the app hands the browser to save (lib/save-file.ts): jsdom has neither object URLs
 * nor downloads. Call at the top of a test file; the array is emptied before each test.
 */
export function recordDownloads(): SavedFile[] {
  const saved: SavedFile[] = [];
  let blobs = new Map<string, Blob>();
  beforeEach(() => {
    saved.length = 0;
    blobs = new Map();
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:saved-${blobs.size}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: (url: string) => blobs.delete(url),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const blob = blobs.get(this.href);
      saved.push({ name: this.download, content: blob ? blob.text() : Promise.resolve('') });
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
  return saved;
}
