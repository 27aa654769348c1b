/** The toy feature's one page (registry.unit.test.ts). */
export default function ToyPage() {
  return <h1>Giocattoli</h1>;
}
