/** Where uploaded and generated files live. Local disk by default; an S3-compatible store can follow. */
export interface FileStorage {
  save(key: string, data: Buffer, contentType: string): Promise<void>;
  read(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  /** Whether the file is there, without reading it. */
  exists(key: string): Promise<boolean>;
  /** Removes the file; a key that is already gone is not an error. */
  remove(key: string): Promise<void>;
}
