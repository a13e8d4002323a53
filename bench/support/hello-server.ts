import Fastify from 'fastify';

// The baseline of the throughput budgets: a bare Fastify hello-world on the same machine.
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 18080), host: '127.0.0.1' });
