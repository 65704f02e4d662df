import { bootstrapDatabase } from "./bootstrap";

// npm run db:migrate – applies committed migrations to DATABASE_URL or the embedded database
const { embedded } = await bootstrapDatabase({ log: (m) => console.error(m) });
console.error("migrations applied");
if (embedded?.owner) await embedded.stop();
