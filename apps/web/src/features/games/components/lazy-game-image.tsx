import { useRef, useState } from 'react';
import { useSeen } from '../../../shared/browser/use-seen.ts';

/**
 * Spec 9: images load when a tenth of them is in view, and a failed load is retried once. The
 * frame keeps its aspect ratio before and after, so nothing below moves (no layout shift).
 */
export function LazyGameImage({ src, alt }: { src: string; alt: string }) {
  const frame = useRef<HTMLDivElement>(null);
  const visible = useSeen(frame, { threshold: 0.1 });
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState(false);

  const failed = attempt > 1;
  const url = attempt === 1 ? `${src}${src.includes('?') ? '&' : '?'}retry=1` : src;
  return (
    <div ref={frame} className={`game-image${loaded ? ' game-image--loaded' : ''}`} data-testid="game-image">
      {visible && !failed ? (
        <img
          src={url}
          alt={alt}
          decoding="async"
          width={240}
          height={240}
          onLoad={() => setLoaded(true)}
          onError={() => setAttempt((current) => current + 1)}
        />
      ) : null}
      {failed ? <span className="game-image__fallback">{alt}</span> : null}
    </div>
  );
}
