import {
  MediaControlBar,
  MediaController,
  MediaMuteButton,
  MediaPlayButton,
  MediaTimeDisplay,
  MediaTimeRange,
} from "media-chrome/react";
import { addTranslation, setLanguage } from "media-chrome/dist/utils/i18n.js";
import type { I18n } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/i18n-context.tsx";

/**
 * The player's own words (button names, tooltips, the seek bar's label) from our catalogs, so they are in the
 * page's language like everything else. Registered before the player's elements render: they read the
 * dictionary when they attach. media-chrome asks with capitalised keys for tooltips and lower-case for labels.
 */
function translatePlayer({ language, t }: I18n) {
  const words = {
    Play: t("player.play"),
    Pause: t("player.pause"),
    Mute: t("player.mute"),
    Unmute: t("player.unmute"),
  };
  addTranslation(language, {
    ...words,
    play: words.Play,
    pause: words.Pause,
    mute: words.Mute,
    unmute: words.Unmute,
    seek: t("player.seek"),
    "playback time": t("player.playbackTime"),
    "video player": t("player.videoPlayer"),
    "media loading": t("common.loading"),
  });
  setLanguage(language);
}

/**
 * The Look Book's video player (media-chrome: accessible controls, keyboard, touch). Loaded as its own
 * chunk, only when a video is opened: pictures never pay for it.
 */
export default function VideoPlayer({
  src,
  poster,
  width,
  height,
}: {
  src: string;
  poster: string;
  width: number;
  height: number;
}) {
  const i18n = useTranslation();
  const { t } = i18n;
  translatePlayer(i18n);
  return (
    <MediaController className="video-player" style={{ aspectRatio: `${width} / ${height}` }}>
      <video
        slot="media"
        src={src}
        poster={poster}
        width={width}
        height={height}
        // Muted, so browsers allow it to start by itself; the mute button turns sound on.
        autoPlay
        muted
        loop
        playsInline
        preload="auto"
        aria-label={t("inspiration.video")}
      />
      <MediaControlBar>
        <MediaPlayButton />
        <MediaTimeRange />
        <MediaTimeDisplay showDuration />
        <MediaMuteButton />
      </MediaControlBar>
    </MediaController>
  );
}
