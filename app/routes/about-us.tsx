export const meta = () => [{ title: "Atelier" }];

export default function Page() {
  return <h1 className="p-8 text-3xl">about-us</h1>;
}
