/** Thrown when bytes handed to the histogram decoder are not a valid encoding. */
export class HistogramCodecError extends Error {
  override name = "HistogramCodecError";
}

/**
 * LEB128 varints over JS numbers (not bigint): safe integers up to 2^53 need at most 8 bytes.
 * Arithmetic instead of bit operators, which would truncate to 32 bits.
 */
export class ByteWriter {
  private readonly bytes: number[] = [];
  private readonly scratch = new DataView(new ArrayBuffer(8));

  byte(value: number) {
    this.bytes.push(value & 0xff);
  }

  varint(value: number) {
    if (!Number.isSafeInteger(value) || value < 0)
      throw new RangeError(`varint out of range: ${value}`);
    let rest = value;
    while (rest >= 0x80) {
      this.bytes.push((rest % 0x80) | 0x80);
      rest = Math.floor(rest / 0x80);
    }
    this.bytes.push(rest);
  }

  float64(value: number) {
    this.scratch.setFloat64(0, value, true);
    for (let i = 0; i < 8; i++) this.bytes.push(this.scratch.getUint8(i));
  }

  toBytes(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

export class ByteReader {
  private offset = 0;
  private readonly view: DataView;

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private need(n: number) {
    if (this.offset + n > this.bytes.length)
      throw new HistogramCodecError("truncated histogram encoding");
  }

  byte(): number {
    this.need(1);
    return this.bytes[this.offset++] ?? 0;
  }

  varint(): number {
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 8; i++) {
      const b = this.byte();
      value += (b & 0x7f) * scale;
      if (b < 0x80) {
        if (!Number.isSafeInteger(value)) break;
        return value;
      }
      scale *= 0x80;
    }
    throw new HistogramCodecError("varint too long");
  }

  float64(): number {
    this.need(8);
    const value = this.view.getFloat64(this.offset, true);
    this.offset += 8;
    return value;
  }

  assertDone() {
    if (this.offset !== this.bytes.length)
      throw new HistogramCodecError("trailing bytes after histogram encoding");
  }
}
