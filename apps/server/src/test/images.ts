import { PNG } from 'pngjs';

/** A 16 × 12 baseline jpg (made once with jpeg-js, quality 80): a real, whole picture. */
export const SMALL_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSgBBwcHCggKEwoKEygaFhooKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKP/AABEIAAwAEAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AJHttLCQjUvCsFosKGYzWEaBQnfe0chXjGeeR7A8/WKpXu/ZV3K+lpN3v5KUb/duccPqeIjy4XERi20tfZtvySqzlvfotX1Et47SKHzND15xsUnF0YZDI3G0YjTKjOcnDcc44pzlUk7Yilv25lbvu9fwNK8K2GlKVajCcNNY8il5+6ozv5Wfm/Kx4pNz4d1/VLWyv7t47OFWjLuFJ/dB+dgUHknt0rPBKGMoU51IK8nr99utz6apkuGxuVSzKpdTUZO0Xyx93mtpG3bXr57FLS9ZOs7zqVlaTSS7d83zrKcYx84YN2A69OOlb1sKsN/Ck0l00t9zVvwPzilnmLwllRm0lsuabWvk5W/DfU//2Q==',
  'base64',
);

/** A real png of the given size, made with pngjs (noise, so it does not compress away). */
export function pngOf(width = 8, height = 8, noise = false): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i += 1) {
    png.data[i] = noise ? Math.floor(Math.random() * 256) : (i * 31) % 256;
  }
  return PNG.sync.write(png);
}
