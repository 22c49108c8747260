// bmp-js ships no types; this is the part quire uses.
declare module 'bmp-js' {
  interface DecodedBmp {
    readonly width: number;
    readonly height: number;
    /** 4 bytes a pixel: unused (0), blue, green, red; rows top to bottom. */
    readonly data: Buffer;
  }
  const bmp: { decode(buffer: Buffer): DecodedBmp };
  export default bmp;
}
