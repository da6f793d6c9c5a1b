// A server entry for the chunk-join patch test: a page of many chunks
// (text, attributes, useId, lists) with non-ASCII text, which makes goja's
// strings UTF-16.
import { useId } from "react";
import { renderToString } from "react-dom/server";

function Field({ label }: { label: string }) {
  const id = useId();
  return (
    <p>
      <label htmlFor={id}>{label}</label>
      <input id={id} defaultValue={`${label} — ça marche`} />
    </p>
  );
}

function Page({ n }: { n: number }) {
  return (
    <main>
      <h1>Vozia · “voice” → {n}</h1>
      <ul>
        {Array.from({ length: n }, (_, i) => (
          <li key={i} className={i % 2 ? "odd" : "even"} style={{ order: i }}>
            Item {i} &amp; <em>ünïcödé</em> {"<escaped>"}
          </li>
        ))}
      </ul>
      {Array.from({ length: 20 }, (_, i) => (
        <Field key={i} label={`Field ${i}`} />
      ))}
      <footer>© 2026</footer>
    </main>
  );
}

function renderPage(url: string): string {
  return renderToString(<Page n={url.length * 40} />);
}

(globalThis as unknown as { renderPage: typeof renderPage }).renderPage = renderPage;
