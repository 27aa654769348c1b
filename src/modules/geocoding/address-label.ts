/**
 * A place as Italians write it, from what a service says of it: «Via Roma 3, 47521 Cesena (FC)»,
 * «Trevi, 00187 Roma (RM)» for a district, «Cesena (FC)» for a comune; `fallback` (the service's own
 * text) when it names no comune. Google's and Nominatim's answers read alike.
 */
export function addressLabel(
  { street, district, postcode, comune, sigla }: { street: string; district: string | null; postcode: string | null; comune: string | null; sigla: string | null },
  fallback: string,
): string {
  if (!comune) return fallback;
  const where = `${postcode ? `${postcode} ` : ''}${comune}${sigla ? ` (${sigla})` : ''}`;
  if (street) return `${street}, ${where}`;
  return district ? `${district}, ${where}` : where;
}
