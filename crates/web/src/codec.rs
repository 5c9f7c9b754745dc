//! How messages cross the worker boundary.
//!
//! gloo-worker wraps every message in its own envelope (bridge id, connect/disconnect) and
//! encodes that envelope with a [`Codec`]. Its default codec is bincode into a byte array;
//! [`SerdeWasm`] uses serde-wasm-bindgen instead, so messages are plain JavaScript objects
//! (structured-cloned by `postMessage`, readable in the devtools, and the same shape an
//! embedding page can post) and no bincode code is linked.
//!
//! Our own messages travel inside the envelope as a [`Packet`]: a JavaScript value that the
//! codec passes through untouched and that the receiver decodes itself. A `Codec` cannot
//! report failure (`decode` must return a value), so decoding a [`Job`](crate::protocol::Job)
//! directly in the codec would turn a message from another build (a page cached by the
//! browser talking to a newer worker, say) into a thrown exception and a page waiting forever.
//! Decoding the packet in the worker instead lets it answer with
//! [`Response::Error`](crate::protocol::Response::Error).

use core::fmt;

use gloo_worker::Codec;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use wasm_bindgen::{JsValue, UnwrapThrowExt};

/// serde-wasm-bindgen as gloo-worker's codec; both ends of a bridge must use it.
#[derive(Debug)]
pub struct SerdeWasm;

impl Codec for SerdeWasm {
    fn encode<I: Serialize>(input: I) -> JsValue {
        // Only gloo-worker's envelope and a `Packet` reach this point, and both encode.
        serde_wasm_bindgen::to_value(&input).expect_throw("worker envelope encodes")
    }

    fn decode<O: for<'de> Deserialize<'de>>(input: JsValue) -> O {
        // The envelope is written by gloo-worker on the other side of the same build; our
        // messages inside it are `Packet`s, which accept any value.
        serde_wasm_bindgen::from_value(input).expect_throw("worker envelope decodes")
    }
}

/// One protocol message as a JavaScript value, decoded by its receiver.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Packet(#[serde(with = "serde_wasm_bindgen::preserve")] JsValue);

impl Packet {
    /// Encodes a protocol message.
    pub fn encode<T: Serialize>(message: &T) -> Result<Packet, PacketError> {
        serde_wasm_bindgen::to_value(message)
            .map(Packet)
            .map_err(|e| PacketError(e.to_string()))
    }

    /// Decodes a protocol message, or says why the value is not one.
    pub fn decode<T: DeserializeOwned>(self) -> Result<T, PacketError> {
        serde_wasm_bindgen::from_value(self.0).map_err(|e| PacketError(e.to_string()))
    }

    /// The value as it travels; wrap any JavaScript value to send it as is.
    #[must_use]
    pub fn into_js(self) -> JsValue {
        self.0
    }

    #[must_use]
    pub fn from_js(value: JsValue) -> Packet {
        Packet(value)
    }
}

/// A value that is not the expected message, with serde's explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PacketError(String);

impl fmt::Display for PacketError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PacketError {}
