/** Helpers over embedding vectors: L2 normalisation and the float32 byte encoding they are stored in. */

const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Scales `vector` in place to length 1 (a zero vector stays zero), so cosine similarity is a dot product. */
export function normalize(vector: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += (vector[i] as number) * (vector[i] as number);
  if (sum === 0) return vector;
  const scale = 1 / Math.sqrt(sum);
  for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] as number) * scale;
  return vector;
}

/** Several vectors of one dimension, concatenated as float32 little-endian (the `bytea` column). */
export function encodeVectors(vectors: readonly Float32Array[]): Buffer {
  const dimensions = vectors[0]?.length ?? 0;
  const buffer = Buffer.alloc(vectors.length * dimensions * 4);
  vectors.forEach((vector, index) => {
    if (LITTLE_ENDIAN_HOST) {
      buffer.set(new Uint8Array(vector.buffer, vector.byteOffset, dimensions * 4), index * dimensions * 4);
      return;
    }
    for (let i = 0; i < dimensions; i++) buffer.writeFloatLE(vector[i] as number, (index * dimensions + i) * 4);
  });
  return buffer;
}

/** The floats of an encoded `bytea`, copied into an aligned array. */
export function decodeVectors(bytes: Buffer): Float32Array {
  // On little-endian hosts (all quire targets) one memory copy; elsewhere float by float.
  if (LITTLE_ENDIAN_HOST) return new Float32Array(new Uint8Array(bytes).buffer, 0, bytes.length / 4);
  const floats = new Float32Array(bytes.length / 4);
  for (let i = 0; i < floats.length; i++) floats[i] = bytes.readFloatLE(i * 4);
  return floats;
}
