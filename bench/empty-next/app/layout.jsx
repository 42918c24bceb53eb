// The baseline of the page benchmark: an empty App Router page, measured in the same rounds as ours.
export const metadata = { title: 'Empty Next.js page' };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
