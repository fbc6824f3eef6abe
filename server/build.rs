fn main() {
    // `sqlx::migrate!` embeds the migrations: build again when they change.
    println!("cargo:rerun-if-changed=migrations");
}
