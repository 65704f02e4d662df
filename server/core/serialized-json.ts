/**
 * A JSON body serialized ahead of time, for handlers that cache their rendering: the kernel sends
 * it as it is instead of serializing the value again, and the UTF-8 bytes are encoded once.
 */
export class SerializedJson {
  private encoded: Buffer | null = null;

  constructor(readonly text: string) {}

  get bytes(): Buffer {
    this.encoded ??= Buffer.from(this.text, "utf8");
    return this.encoded;
  }
}
