/**
 * The players' error box (spec §2: "Errors appear in an error box with text and a link"; §8): the
 * text of src/lib/streamAccess.ts streamAccessOf() and its links (sign in; upgrade, FAQ, support).
 * An alert, so screen readers announce it when it appears. Props: access.
 */
import type { StreamAccess } from '../../lib/streamAccess';

export function ErrorBox({ access }: { access: StreamAccess }) {
  return (
    <div className="player-error" role="alert" data-code={access.code ?? ''}>
      <p className="player-error__text">{access.text}</p>
      {access.links.length > 0 && (
        <p className="player-error__links">
          {access.links.map((link) => (
            <a key={link.href + link.text} href={link.href}>
              {link.text}
            </a>
          ))}
        </p>
      )}
    </div>
  );
}
