/**
 * Minimal ISO-BMFF (MP4/M4A) top-level box reader. Progressive playback over HTTP
 * needs the `moov` index before the `mdat` payload ("faststart"); otherwise a
 * player has to fetch the end of the file before it can start. The media script
 * and the tests use this to prove every committed file streams from byte 0.
 */

/** Top-level box types in file order, e.g. ["ftyp", "moov", "mdat"]. */
export function listTopLevelBoxes(data: Uint8Array): string[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const boxes: string[] = [];
  let offset = 0;
  while (offset + 8 <= data.byteLength) {
    let size = view.getUint32(offset);
    const type = String.fromCharCode(...data.subarray(offset + 4, offset + 8));
    if (size === 1) {
      if (offset + 16 > data.byteLength) break;
      size = Number(view.getBigUint64(offset + 8));
    } else if (size === 0) {
      size = data.byteLength - offset;
    }
    if (size < 8) throw new Error(`Corrupt MP4: box "${type}" at ${offset} has size ${size}`);
    boxes.push(type);
    offset += size;
  }
  return boxes;
}

/** True when the file has a `moov` box and it precedes the first `mdat`. */
export function isFaststart(data: Uint8Array): boolean {
  const boxes = listTopLevelBoxes(data);
  const moov = boxes.indexOf("moov");
  const mdat = boxes.indexOf("mdat");
  return moov !== -1 && (mdat === -1 || moov < mdat);
}
