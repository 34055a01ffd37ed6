// The stored form of a Python memory snapshot: tools/runtime/image.mjs packs the one the site
// serves, tools/runtime/pyodide_start.mjs unpacks it. Copied by tools/runtime/vendor.py to
// vendor/pyodide/snapshot-pages.mjs.
//
// About half of a booted interpreter's memory is pages of zeros: the stored form leaves
// them out (a header, one bit per page, then the other pages), for half the bytes to
// unpack at every start.
const PAGE = 4096;
const MAGIC = 0x50534e44; // "DNSP"
const HEADER = 12; // magic, length in bytes, pages kept (three little-endian u32)
const LIMIT = 1 << 29; // bytes of memory: some fifteen times a booted interpreter's

export function pack(memory) {
  const pages = Math.ceil(memory.length / PAGE);
  const words = new Uint32Array(memory.buffer, memory.byteOffset, memory.length >>> 2);
  const bitmap = new Uint8Array(Math.ceil(pages / 8));
  let kept = 0;
  for (let page = 0; page < pages; page += 1) {
    const end = Math.min((page + 1) * PAGE, memory.length) >>> 2;
    for (let word = (page * PAGE) >>> 2; word < end; word += 1) {
      if (words[word] !== 0) {
        bitmap[page >>> 3] |= 1 << (page & 7);
        kept += 1;
        break;
      }
    }
  }
  const out = new Uint8Array(HEADER + bitmap.length + kept * PAGE);
  const head = new DataView(out.buffer);
  head.setUint32(0, MAGIC, true);
  head.setUint32(4, memory.length, true);
  head.setUint32(8, kept, true);
  out.set(bitmap, HEADER);
  let at = HEADER + bitmap.length;
  for (let page = 0; page < pages; page += 1) {
    if (bitmap[page >>> 3] & (1 << (page & 7))) {
      out.set(memory.subarray(page * PAGE, Math.min((page + 1) * PAGE, memory.length)), at);
      at += PAGE;
    }
  }
  return out;
}

export function unpack(stored) {
  const head = new DataView(stored.buffer, stored.byteOffset, stored.byteLength);
  if (stored.length < HEADER || head.getUint32(0, true) !== MAGIC) return null;
  const length = head.getUint32(4, true);
  if (length > LIMIT) return null;
  const pages = Math.ceil(length / PAGE);
  const bitmap = stored.subarray(HEADER, HEADER + Math.ceil(pages / 8));
  if (stored.length !== HEADER + bitmap.length + head.getUint32(8, true) * PAGE) return null;
  const memory = new Uint8Array(length);
  let at = HEADER + bitmap.length;
  for (let page = 0; page < pages; page += 1) {
    if (bitmap[page >>> 3] & (1 << (page & 7))) {
      const end = Math.min((page + 1) * PAGE, length);
      memory.set(stored.subarray(at, at + end - page * PAGE), page * PAGE);
      at += PAGE;
    }
  }
  return memory;
}

