//! Errors at the JS boundary: every core error becomes a JS `Error` whose message is the
//! core's own `Display` text, so the page can show it as it is.

use std::fmt::Display;

use wasm_bindgen::JsError;

/// A failure of an export, as text. The plain Rust twins of the exports return it, and the
/// exports turn it into a thrown JS `Error`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportError {
    message: String,
}

impl ExportError {
    /// An error with the given message.
    pub fn new(message: impl Into<String>) -> ExportError {
        ExportError {
            message: message.into(),
        }
    }

    /// The message shown to the user.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The JS exception for this error.
    pub fn into_js(self) -> JsError {
        JsError::new(&self.message)
    }
}

impl<E: Display> From<E> for ExportError {
    fn from(err: E) -> ExportError {
        ExportError::new(err.to_string())
    }
}

/// Reads a value the page sent into a transfer type, with a message naming what was expected
/// when it does not fit.
pub fn from_js<T: serde::de::DeserializeOwned>(
    value: wasm_bindgen::JsValue,
    what: &str,
) -> Result<T, JsError> {
    serde_wasm_bindgen::from_value(value)
        .map_err(|err| JsError::new(&format!("{what} is not valid: {err}")))
}

/// Turns a transfer type into a JS value.
pub fn to_js<T: serde::Serialize>(value: &T) -> Result<wasm_bindgen::JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|err| JsError::new(&format!("could not convert the result for JS: {err}")))
}
