fn main() {
    yew::Renderer::<holdfast_web::App>::new().render();
}
