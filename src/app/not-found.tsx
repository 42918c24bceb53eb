import './globals.css';

/** Requests outside every locale (rare: the proxy localizes nearly everything). */
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body>
        <main className="container" style={{ padding: '64px 16px', textAlign: 'center' }}>
          <h1>Page not found</h1>
          <p>
            {/* Outside the locale tree there is no localized Link: a plain link to the default locale. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a href="/">Back to the home page</a>
          </p>
        </main>
      </body>
    </html>
  );
}
