// A rule card made one's own: a copy under the user's name that is a house rule, not the rulebook's card. It
// keeps the card's text, fills and comments, but not the rulebook's markers or its claim to be known.
import { isMap, parseDocument } from "yaml";

/** The text of a card of one's own copied from a card's text: `name: My …`, `fragment.known: house`, no markers. */
export function ownCardText(text: string, name: string): string {
  const doc = parseDocument(text);
  if (doc.errors.length > 0 || !isMap(doc.contents)) return renamedOnly(text, name);
  doc.set("name", `My ${name}`);
  const fragment = doc.get("fragment");
  if (isMap(fragment)) {
    fragment.set("known", "house");
    const markers = doc.createNode([]);
    markers.flow = true;
    fragment.set("markers", markers);
  }
  return doc.toString();
}

/** A text the YAML reader cannot take is copied as it is, under the new name. */
function renamedOnly(text: string, name: string): string {
  return /^name:.*$/m.test(text) ? text.replace(/^name:.*$/m, `name: My ${name.replace(/[\\"]/g, "")}`) : `name: My ${name}\n${text}`;
}
