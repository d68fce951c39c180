import {
  MediaControlBar,
  MediaController,
  MediaMuteButton,
  MediaPlayButton,
  MediaTimeDisplay,
  MediaTimeRange,
} from "media-chrome/react";
import { useTranslation } from "../../i18n/i18n-context.tsx";

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
  const { t } = useTranslation();
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
