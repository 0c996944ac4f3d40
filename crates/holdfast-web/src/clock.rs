//! The browser's clock, read outside the model (the model is given the time).

/// The current time in ms since 1970 (0 outside a browser).
pub fn now() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::now()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0.0
    }
}

/// 32 random bits from the browser (0 outside one): the model's salt for new
/// games' ids.
pub fn random_bits() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        (js_sys::Math::random() * 4_294_967_296.0) as u64
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0
    }
}
