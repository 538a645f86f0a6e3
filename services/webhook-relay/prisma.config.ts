import { defineConfig } from 'prisma/config';

// `prisma generate` runs offline; no native schema engine exists here (migrations use the
// WebAssembly engine through @workspace/service-kit), so point the CLI at a harmless binary.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= '/bin/false';

export default defineConfig({ schema: 'prisma/schema.prisma', migrations: { path: 'prisma/migrations' } });
