/**
 * The players' error box (spec §2: "Errors appear in an error box with text and a link"; §6, §8):
 * the one notice of src/lib/playerNotice for a refused stream — its text, a line fitting the item,
 * its one action ('Sign In Or Register' opens the login prompt, 'Subscribe now' the subscribe
 * packages panel) and its links. An alert, so screen readers announce it when it appears.
 * Props: access (src/lib/streamAccess streamAccessOf), mediaType.
 */
import { playerNotice } from '../../lib/playerNotice';
import type { StreamAccess, StreamMediaType } from '../../lib/streamAccess';
import { openLoginPrompt, openSubscribePanel } from '../../stores/ui';

export function ErrorBox({ access, mediaType }: { access: StreamAccess; mediaType: StreamMediaType }) {
  const notice = playerNotice(access, mediaType);
  const { action } = notice;
  return (
    <div className="player-error" role="alert" data-code={access.code ?? ''} data-status={access.status ?? ''}>
      <p className="player-error__text">{notice.text}</p>
      {notice.detail && <p className="player-error__detail">{notice.detail}</p>}
      {action && (
        <p className="player-error__action">
          <button
            type="button"
            className="button button--primary-light"
            onClick={() => (action.kind === 'sign-in' ? openLoginPrompt(action.promptText) : openSubscribePanel())}
          >
            {action.label}
          </button>
        </p>
      )}
      {notice.links.length > 0 && (
        <p className="player-error__links">
          {notice.links.map((link) => (
            <a key={link.href + link.text} href={link.href}>
              {link.text}
            </a>
          ))}
        </p>
      )}
    </div>
  );
}
