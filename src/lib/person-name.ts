/** A person's name as shown: their first and last names where they gave them, else the name they signed up with. */
export function personName(person: {
  firstName?: string | null;
  lastName?: string | null;
  name?: string | null;
}): string {
  return [person.firstName, person.lastName].filter(Boolean).join(" ") || person.name || "";
}
