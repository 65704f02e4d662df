/** The embed docs' section on captions and adaptive streaming (kept apart from the page's other sections). */
export function CaptionsAndStreaming() {
  return (
    <section className="card" id="captions-and-streaming">
      <h2>Captions and adaptive streaming</h2>
      <ul>
        <li>
          Every segment with spoken instructions carries <code>captions: [&#123; locale, label, url &#125;]</code> in the playlist: one signed WebVTT track (
          <code>text/vtt</code>, valid about 7 days) per locale the clip is voiced in, timed from the stored script and audio length as the players speak it.
          The JSON receiver takes the same array per instance in <code>FORMA_EMBED_INIT</code> (<code>instances[].captions</code>).
        </li>
        <li>
          The players (workout embed, JSON receiver, hosted library player, cast display) attach them as <code>&lt;track kind=&quot;captions&quot;&gt;</code>{" "}
          and show a <strong>CC</strong> button (and the <kbd>C</kbd> key), with a language menu when there are several. Player URL flags:{" "}
          <code>captions=on|off</code> and <code>captionsLocale=de-DE</code> (default: the language of the voice being spoken). Without flags the viewer&apos;s
          last choice is remembered in this origin&apos;s localStorage; flags win over it.
        </li>
        <li>
          <code>playback=export</code> on <code>/embed/workout/&lt;workoutId&gt;</code> plays the rendered export as one adaptive stream (
          <code>GET /v1/workouts/&#123;id&#125;/export/video/hls_url</code>: three H.264 renditions and an AAC rendition in fMP4 segments, every URI signed)
          with the export&apos;s caption sidecar (<code>.../export/captions/stream_url</code>). Safari plays HLS natively; other browsers load hls.js on demand
          (nothing is loaded for progressive playback). Until the export is rendered the player plays the playlist clip by clip, as without the flag. It works
          with <code>apiKey=</code> and with an embed token (<code>token=</code>): a token reaches the export URLs of the workout it was minted for (or its
          plan&apos;s workouts) and no other.
        </li>
        <li>
          Long clips stream adaptively too. A clip of at least 60 seconds (a class, a long educational or promo video) is packaged as HLS shortly after it is
          uploaded, and from then on its playlist video objects carry <code>hlsUrl</code> next to <code>url</code>: one signed master playlist over three or
          more H.264 renditions (the clip&apos;s own size and two smaller ones) and its sound as an AAC rendition, every URI inside signed. The workout embed
          and the hosted library player play <code>hlsUrl</code> when it is there (Safari natively, hls.js loaded only then elsewhere) and the progressive
          MP4 otherwise, or if the stream fails. Shorter clips (exercise demos) only have the MP4: HLS would add round trips before the first frame. The field
          is additive: a client that ignores it plays <code>url</code> as before.
        </li>
        <li>
          Your own player: hand <code>hls_url</code>&apos;s URL (or a segment&apos;s <code>video.hlsUrl</code>) to hls.js, Video.js, Shaka or AVPlayer; add{" "}
          <code>captions/stream_url</code> as a caption track or upload it beside the MP4.
        </li>
      </ul>
    </section>
  );
}
