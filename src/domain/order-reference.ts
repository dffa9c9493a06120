/** Order references people can read out over the phone: no 0/O or 1/I. */
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/**
 * An order reference such as `TB-7KQ2MX9P`, from eight random bytes (each byte picks a letter; 256
 * is a multiple of 32, so every letter is equally likely). The caller supplies the randomness.
 */
export function orderReference(bytes: ArrayLike<number>): string {
  if (bytes.length < 8) throw new RangeError("An order reference needs eight random bytes");
  let text = "TB-";
  for (let i = 0; i < 8; i++) text += REFERENCE_ALPHABET[bytes[i]! % REFERENCE_ALPHABET.length];
  return text;
}
