import { expect, it } from 'vitest';
import { onLaunchHost } from './games.service.ts';

it('when launch hosts are configured, then the launch URL moves to the one picked; "/" or none keeps it', () => {
  const url = 'http://house.local:8090/play?game=g&sig=abc';
  const hosts = ['https://cdn-a.example', 'https://cdn-b.example/'];
  expect(onLaunchHost(url, hosts, () => 1)).toBe('https://cdn-b.example/play?game=g&sig=abc');
  expect(onLaunchHost(url, hosts, () => 0)).toBe('https://cdn-a.example/play?game=g&sig=abc');
  expect(onLaunchHost(url, ['/'], () => 0)).toBe(url);
  expect(onLaunchHost(url, [], () => 0)).toBe(url);
});
