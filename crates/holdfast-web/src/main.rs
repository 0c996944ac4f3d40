/// The app's allocator: Talc, whose code in the wasm is smaller than the default
/// allocator's (README, "Size"); it grows the wasm's memory as needed.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn main() {
    // A panic is logged and marked on the page; web/recover.js then shows the
    // recovery screen in place of a frozen app (Yew sets its own hook otherwise).
    yew::set_custom_panic_hook(Box::new(|info| holdfast_web::panicked(&info.to_string())));
    yew::Renderer::<holdfast_web::App>::new().render();
}

/// Panics on purpose, for the end-to-end test of the recovery screen (called from
/// the page as `wasmBindings.test_panic()`).
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn test_panic() {
    panic!("a panic asked for by test_panic()");
}
