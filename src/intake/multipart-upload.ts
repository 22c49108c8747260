import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { BadRequestError, ValidationError } from '../errors.js';
import { fileTooLarge } from '../storage/document-storage.js';
import { cleanFilename } from './filename.js';

/** The unread body of a multipart upload and its Content-Type header (with the boundary). */
export interface StreamedUpload {
  readonly stream: Readable;
  readonly contentType: string;
}

export interface MultipartFile {
  readonly stream: Readable;
  readonly filename: string | null;
  /** The part's Content-Type, lowercased without parameters; null for application/octet-stream (it says nothing). */
  readonly mimeType: string | null;
  readonly field: 'file' | 'image';
}

export const MAX_FIELD_BYTES = 1024 * 1024;
export const MAX_FIELDS = 100;
/** The wire's words: DocuTray answers a missing `image` part with `Validation error` / `Image file is required`. */
export const FILE_REQUIRED = 'Image file is required: send the document in a part named file or image';

function isFileField(name: string): name is MultipartFile['field'] {
  return name === 'file' || name === 'image';
}

function malformed(error: unknown): BadRequestError {
  return new BadRequestError(`Malformed multipart body: ${error instanceof Error ? error.message : String(error)}`);
}

function interrupted(): BadRequestError {
  return new BadRequestError('The request body ended before it was complete (the upload was interrupted)');
}

/**
 * Parses a multipart/form-data body while it arrives: the file part goes to onFile as a stream
 * (onFile usually streams it into DocumentStorage), text fields before and after it are collected.
 * Settles only once onFile's promise has settled too, so the caller never races its own writes.
 * On any problem it stops reading the body (unpiped and paused, not destroyed: the caller still has
 * to send its answer on that connection), destroys the file stream with the error, waits for onFile,
 * and rejects with the first problem.
 */
export async function readMultipartUpload<T>(
  body: Readable,
  contentTypeHeader: string,
  options: { maxFileBytes: number; onFile: (file: MultipartFile) => Promise<T> },
): Promise<{ fields: Record<string, string>; file: T }> {
  // busboy also parses urlencoded bodies; only multipart can carry a document.
  if (!/^multipart\/form-data\s*(;|$)/i.test(contentTypeHeader.trim())) {
    throw malformed(new Error(`expected a multipart/form-data content type, got ${contentTypeHeader}`));
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentTypeHeader },
      // busboy cuts a file or field when it *reaches* the size limit, so the limits are one byte
      // over what is allowed: exactly maxFileBytes (or 1 MiB of field) passes.
      limits: { fileSize: options.maxFileBytes + 1, fieldSize: MAX_FIELD_BYTES + 1, fields: MAX_FIELDS },
    });
  } catch (error) {
    throw malformed(error);
  }
  if (body.destroyed || body.readableEnded) throw interrupted();

  return new Promise((resolve, reject) => {
    // No prototype: a field named __proto__ must not become one.
    const fields: Record<string, string> = Object.create(null);
    let failure: Error | undefined;
    let settled = false;
    let parserClosed = false;
    let fileStream: Readable | undefined;
    let fileState: 'none' | 'pending' | 'resolved' | 'rejected' = 'none';
    let fileValue: T | undefined;

    const onBodyError = () => fail(interrupted());
    // 'close' without 'end' is a client that went away (IncomingMessage may not emit 'error').
    const onBodyClose = () => {
      if (!body.readableEnded) fail(interrupted());
    };
    const detachBody = () => {
      body.off('error', onBodyError);
      body.off('close', onBodyClose);
      body.unpipe(parser);
    };

    function settle() {
      if (settled || fileState === 'pending' || !(failure || parserClosed)) return;
      settled = true;
      detachBody();
      if (failure) reject(failure);
      else if (fileState === 'none') reject(new ValidationError([FILE_REQUIRED]));
      else resolve({ fields, file: fileValue as T });
    }

    function fail(error: Error) {
      if (failure || settled) return;
      failure = error;
      detachBody();
      body.pause();
      if (fileStream && !fileStream.destroyed) fileStream.destroy(error);
      // Not synchronously: fail() often runs inside one of busboy's own events, and busboy keeps
      // using its state after the emit returns (destroying it there throws inside busboy).
      process.nextTick(() => parser.destroy());
      settle();
    }

    parser.on('file', (name, stream, info) => {
      // busboy destroys an unfinished file stream with its own error when it is destroyed: without
      // a listener that would be an uncaught exception. onFile's reader still sees every error.
      stream.on('error', () => {});
      if (failure) return void stream.resume();
      if (!isFileField(name)) {
        stream.resume();
        return fail(
          new ValidationError([`${name}: unexpected file part; send the document in a part named file or image`]),
        );
      }
      if (fileState !== 'none') {
        stream.resume();
        return fail(new ValidationError(['Send one document: the body has more than one file part']));
      }
      fileStream = stream;
      fileState = 'pending';
      stream.on('limit', () => fail(fileTooLarge(options.maxFileBytes)));
      const mimeType = info.mimeType.split(';', 1)[0]!.trim().toLowerCase();
      const file: MultipartFile = {
        stream,
        filename: info.filename ? cleanFilename(info.filename) : null,
        mimeType: mimeType && mimeType !== 'application/octet-stream' ? mimeType : null,
        field: name,
      };
      new Promise<T>((resolveFile) => resolveFile(options.onFile(file))).then(
        (value) => {
          fileValue = value;
          fileState = 'resolved';
          // A reader that stopped early must not stall the parser: drain the rest so the fields
          // after the file are still read.
          if (!failure && !stream.readableEnded) stream.resume();
          settle();
        },
        (error: unknown) => {
          fileState = 'rejected';
          fail(error instanceof Error ? error : new Error(String(error)));
          settle();
        },
      );
    });
    parser.on('field', (name, value, info) => {
      if (failure) return;
      if (info.nameTruncated) return fail(new ValidationError([`${name}…: field name is too long`]));
      if (info.valueTruncated) return fail(new ValidationError([`${name}: is larger than 1 MiB`]));
      fields[name] = value;
    });
    parser.on('fieldsLimit', () => fail(new ValidationError([`The form has more than ${MAX_FIELDS} fields`])));
    // Stays attached for good: parser.destroy() during fail() may still emit.
    parser.on('error', (error: unknown) => fail(malformed(error)));
    parser.on('close', () => {
      parserClosed = true;
      settle();
    });

    body.on('error', onBodyError);
    body.on('close', onBodyClose);
    body.pipe(parser);
  });
}
