import Fastify from 'fastify';
import pg from 'pg';

// The baseline of the member-info budget: a bare Fastify route reading one member row by primary
// key through `pg`, from the same database and table Fortuna reads, with the same pool size.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

app.get<{ Params: { id: string } }>('/row/:id', async (request, reply) => {
  const { rows } = await pool.query(
    'select id, username, nickname, type, status, language, created_at from members where id = $1',
    [request.params.id],
  );
  if (!rows[0]) return reply.code(404).send({ error: 'no such row' });
  return rows[0];
});

await app.listen({ port: Number(process.env.PORT ?? 18085), host: '127.0.0.1' });
