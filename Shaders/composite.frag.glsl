#version 330 core
// Premultiplied render-target textures (layers, the canvas), times u_opacity.
in vec2 v_texcoord;
uniform sampler2D u_texture;
uniform float u_opacity;
out vec4 o_color;

void main() {
    o_color = texture(u_texture, v_texcoord) * u_opacity;
}
