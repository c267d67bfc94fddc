/** What the browser offers that a video call needs; tests pass what they want. */
export interface CallCapabilities {
  /** `RTCPeerConnection` exists: the call itself (WebRTC). */
  peerConnection: boolean;
  /** `navigator.mediaDevices.getUserMedia` exists: the camera and the microphone. */
  getUserMedia: boolean;
  /** The page came over a secure connection (browsers offer cameras only then). */
  secureContext: boolean;
}

/**
 * Whether this browser can join a video call at all (issue #23). Without RTCPeerConnection it
 * cannot (Debian's WebKitGTK, some embedded browsers). Without getUserMedia on a secure page it
 * could only watch and listen, never be seen or heard: that is no consultation either. On an
 * insecure page the missing camera is the connection's fault, and the device check says so.
 */
export function canJoinCalls({ peerConnection, getUserMedia, secureContext }: CallCapabilities) {
  return peerConnection && (getUserMedia || !secureContext);
}

/** This browser's capabilities. */
export function browserCallCapabilities(): CallCapabilities {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  return {
    peerConnection: typeof RTCPeerConnection !== 'undefined',
    getUserMedia: typeof devices?.getUserMedia === 'function',
    secureContext: typeof window === 'undefined' || window.isSecureContext,
  };
}
