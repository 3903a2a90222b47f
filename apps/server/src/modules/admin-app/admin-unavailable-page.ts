/**
 * What /admin answers when the back office has not been built: a page that says so and how to fix it,
 * with status 503 (the server runs; this part of it is not there yet), never a crash or a blank page.
 * In the three languages at once: the person reading it is an operator at a fresh installation.
 */
export const adminUnavailablePage = `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Backoffice nicht verfügbar / Back office unavailable</title></head>
<body>
<main>
<h1>Das Backoffice ist nicht gebaut</h1>
<p>Der Server läuft, aber der Build des Backoffice fehlt. Bitte <code>npm run build</code> ausführen und die Seite neu laden.</p>
<h2 lang="en">The back office is not built</h2>
<p lang="en">The server is running, but the back office's build is missing. Run <code>npm run build</code>, then reload.</p>
<h2 lang="it">Il back office non è compilato</h2>
<p lang="it">Il server è in funzione, ma manca la build del back office. Esegui <code>npm run build</code> e ricarica la pagina.</p>
</main>
</body>
</html>
`;
