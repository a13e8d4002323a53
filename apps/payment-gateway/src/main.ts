// The payment gateway's process: see README.md in this folder.
export {};
