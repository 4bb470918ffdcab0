/**
 * The words the compiler reads a created record's file fields by (behaviour/plan-writes.ts):
 * which of a record made from a multipart upload take the file's size, name and media type.
 * Names are compared squashed (lower case, without `_` or `-`); each list is in the order a
 * field is preferred where a record has several (`filename` before `name`).
 */

/** The file's size in bytes: OpenAI's `bytes`, Box's and Dropbox's `size`, `file_size`, `content_length`. */
export const UPLOAD_SIZE_FIELDS: readonly string[] = ['bytes', 'filesize', 'sizeinbytes', 'sizebytes', 'bytesize', 'bytecount', 'contentlength', 'size', 'length'];

/** The file's name as the client sent it: OpenAI's `filename`, Box's `name`, `original_filename`. */
export const UPLOAD_NAME_FIELDS: readonly string[] = ['filename', 'originalfilename', 'originalname', 'name'];

/** The file's media type: `content_type`, `mime_type`, `media_type`, Slack's `mimetype`, and a bare `type` that is free text. */
export const UPLOAD_MEDIA_TYPE_FIELDS: readonly string[] = ['contenttype', 'mimetype', 'mediatype', 'filetype', 'type'];
