/** "Hi Bea," or, when we have no first name, "Hi there,". */
export function greeting(firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return name ? `Hi ${name},` : "Hi there,";
}
