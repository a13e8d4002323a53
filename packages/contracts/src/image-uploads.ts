/**
 * Images a member uploads (spec 5: withdrawal proofs, promotion applications): png or jpg,
 * checked by content on the server and stored re-encoded without their metadata, each at most
 * 5 MB, at most 3 in one call, sent as multipart/form-data in the part named `images`.
 */
export const IMAGE_UPLOAD_RULE = { maxCount: 3, maxBytes: 5 * 1024 * 1024 } as const;
/** The multipart part that carries the image files. */
export const IMAGE_UPLOAD_FIELD = 'images';
