export function explode(): string {
  const data: { items?: string[] } = {};
  return data.items!.join(",");
}
