#version 330 core
// Textured quads: position in pixels of the destination, texture coordinate (0,0) = texel row 0.
// u_transform maps pixels to clip space as in stroke.vert.glsl (y flipped for the window).
layout(location = 0) in vec2 a_position;
layout(location = 1) in vec2 a_texcoord;
uniform vec4 u_transform;
out vec2 v_texcoord;

void main() {
    v_texcoord = a_texcoord;
    gl_Position = vec4(a_position * u_transform.xy + u_transform.zw, 0.0, 1.0);
}
